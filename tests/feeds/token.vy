# pragma version ~=0.4.0
# A small ERC-20-style token for the chain feed's tests: balanceOf, decimals, mint (by the deployer) and
# transfer, each emitting the standard Transfer(address,address,uint256) event.

event Transfer:
    sender: indexed(address)
    receiver: indexed(address)
    value: uint256

balanceOf: public(HashMap[address, uint256])
decimals: public(uint8)
totalSupply: public(uint256)
minter: address


@deploy
def __init__(decimals_: uint8):
    self.decimals = decimals_
    self.minter = msg.sender


@external
def mint(receiver: address, amount: uint256):
    assert msg.sender == self.minter, "only the minter mints"
    self.balanceOf[receiver] += amount
    self.totalSupply += amount
    log Transfer(sender=empty(address), receiver=receiver, value=amount)


@external
def transfer(receiver: address, amount: uint256) -> bool:
    self.balanceOf[msg.sender] -= amount
    self.balanceOf[receiver] += amount
    log Transfer(sender=msg.sender, receiver=receiver, value=amount)
    return True


@external
def mint_many(receiver: address, count: uint256):
    # One Transfer log per unit minted: many logs in one transaction, for the chain feed's bench.
    assert msg.sender == self.minter, "only the minter mints"
    for i: uint256 in range(count, bound=2000):
        self.balanceOf[receiver] += 1
        log Transfer(sender=empty(address), receiver=receiver, value=1)
    self.totalSupply += count
